import { PledgePanel } from './pledge-panel';

/** The dashboard's pledges: one panel per page of the runner's (the route gives the pages it lists). */
export function PledgePanels({ pages }: { pages: { id: string; name: string; urlSlug: string }[] | undefined }) {
  if (!pages || pages.length === 0) return null;
  return (
    <section aria-labelledby="pledges-heading" className="mt-10">
      <h2 id="pledges-heading" className="mb-4 text-xl font-bold text-brand-950">
        Pledges
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {pages.map((page) => (
          <PledgePanel key={page.id} page={page} />
        ))}
      </div>
    </section>
  );
}

import { Button } from './button';

interface PagerProps {
  /** What the pages are of, for screen readers: "Pledge pages". */
  label: string;
  page: number;
  totalPages: number;
  /** While a page loads: both buttons wait. */
  busy?: boolean;
  onPage: (page: number) => void;
}

/** Previous / "Page 2 of 3" / Next under a list answered a page at a time; nothing for one page. */
export function Pager({ label, page, totalPages, busy = false, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

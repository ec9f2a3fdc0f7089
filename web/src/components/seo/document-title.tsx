const SITE_NAME = 'RunPledge';

/** Sets the tab title as "<title> · RunPledge" (React 19 hoists <title> into the head). */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Marathon fundraising pages`}</title>;
}

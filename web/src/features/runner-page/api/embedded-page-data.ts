import { RUNNER_PAGE_DATA_ELEMENT_ID, type ProfileView, type RunnerPageData } from '@runpledge/contracts';

/**
 * The page data the gateway put in the HTML of a published runner page (as a visitor sees it),
 * if it is for `slug`. Taken once: the element goes, so a later visit asks the API as usual.
 */
export function takeEmbeddedRunnerPage(slug: string): ProfileView | undefined {
  const element = document.getElementById(RUNNER_PAGE_DATA_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as RunnerPageData;
    return data.slug === slug && data.profile.urlSlug === slug ? data.profile : undefined;
  } catch {
    return undefined;
  }
}

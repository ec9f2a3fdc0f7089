export { CharityPage } from './components/charity-page';
export { CharityLinkAction } from './components/charity-link-action';

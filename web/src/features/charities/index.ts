export { CharityPage } from './components/charity-page';
export { CharityLinkAction } from './components/charity-link-action';
export { CharityPicker, type ChosenCharity } from './components/charity-picker';
export { useCharityBySlug, useCharityDirectory } from './api/directory';

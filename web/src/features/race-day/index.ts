// The race-day feature's public surface: the runner page's follow form and finish banner, the
// dashboard's result and thank-you panels, the follow mail's confirmation page.
export { FinishBanner } from './components/finish-banner';
export { FollowForm } from './components/follow-form';

/** Request-reply patterns of charities (community owns them). */
export const CHARITIES = {
  create: 'community.charities.create',
  update: 'community.charities.update',
  directory: 'community.charities.directory',
  getBySlug: 'community.charities.get-by-slug',
  requestVerification: 'community.charities.request-verification',
  verify: 'community.charities.verify',
  listStaff: 'community.charities.list-staff',
  inviteStaff: 'community.charities.invite-staff',
  removeStaff: 'community.charities.remove-staff',
  acceptInvitation: 'community.charities.accept-invitation',
  runners: 'community.charities.runners',
  message: 'community.charities.message',
  /** Profiles, when a page names a charity: it exists, and its name. */
  lookup: 'community.charities.lookup',
} as const;

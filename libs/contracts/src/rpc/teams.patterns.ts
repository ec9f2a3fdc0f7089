/** Request-reply patterns of teams (community owns them). */
export const TEAMS = {
  create: 'community.teams.create',
  getBySlug: 'community.teams.get-by-slug',
  update: 'community.teams.update',
  delete: 'community.teams.delete',
  join: 'community.teams.join',
  removeMember: 'community.teams.remove-member',
  approve: 'community.teams.approve',
  handOver: 'community.teams.hand-over',
  getInvite: 'community.teams.get-invite',
  rotateInvite: 'community.teams.rotate-invite',
  membersCsv: 'community.teams.members-csv',
} as const;

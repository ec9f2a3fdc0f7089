/** Request-reply patterns of teams (profiles owns them). */
export const TEAMS = {
  create: 'profiles.teams.create',
  getBySlug: 'profiles.teams.get-by-slug',
  update: 'profiles.teams.update',
  delete: 'profiles.teams.delete',
  join: 'profiles.teams.join',
  removeMember: 'profiles.teams.remove-member',
  approve: 'profiles.teams.approve',
  handOver: 'profiles.teams.hand-over',
  getInvite: 'profiles.teams.get-invite',
  rotateInvite: 'profiles.teams.rotate-invite',
  membersCsv: 'profiles.teams.members-csv',
} as const;

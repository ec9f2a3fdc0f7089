/** GET /api/teams/{id}/members.csv: the captain's download (a plain link: the session cookie goes with it). */
export const membersCsvUrl = (teamId: string) => `/api/teams/${teamId}/members.csv`;

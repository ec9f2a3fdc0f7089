import {
  FUNDRAISING_CURRENCIES,
  createTeamRequestSchema,
  teamFieldsSchema,
  type Team,
  type TeamJoinRule,
} from '@runpledge/contracts';
import type { ChosenCharity } from '@/features/charities';

/** The team form as typed: every field a string, as the inputs hold them. */
export interface TeamFormValues {
  slug: string;
  name: string;
  story: string;
  charityName: string;
  /** A charity listed on RunPledge the team names (its name is then the team's charity), or null. */
  charity: ChosenCharity | null;
  marathonName: string;
  marathonDate: string;
  currency: string;
  goalAmount: string;
  joinRule: TeamJoinRule;
  /** Create only: which of the runner's pages captains the team. */
  captainProfileId: string;
}

export type TeamField = keyof TeamFormValues;
export type TeamFormErrors = Partial<Record<TeamField, string>>;

export const EMPTY_TEAM_FORM: TeamFormValues = {
  slug: '',
  name: '',
  story: '',
  charityName: '',
  charity: null,
  marathonName: '',
  marathonDate: '',
  currency: FUNDRAISING_CURRENCIES[0],
  goalAmount: '',
  joinRule: 'open',
  captainProfileId: '',
};

export function teamFormValuesOf(team: Team): TeamFormValues {
  return {
    slug: team.slug,
    name: team.name,
    story: team.story,
    charityName: team.charityId ? '' : team.charityName,
    charity: team.charityId ? { id: team.charityId, name: team.charityName } : null,
    marathonName: team.marathonName,
    marathonDate: team.marathonDate,
    currency: team.currency,
    goalAmount: Number(team.goalAmount) > 0 ? team.goalAmount : '',
    joinRule: team.joinRule,
    captainProfileId: '',
  };
}

type Issue = { path: readonly PropertyKey[]; message: string };
type Parsed<T> = { ok: true; data: T } | { ok: false; errors: TeamFormErrors };
interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

function parseWith<T>(schema: Schema<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: TeamFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as TeamField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The call's body: a listed charity goes as its id (and its name); none sends null, so leaving it is saved. */
const body = ({ goalAmount, charity, ...values }: TeamFormValues) => ({
  ...values,
  charityId: charity?.id ?? null,
  charityName: charity ? charity.name : values.charityName,
  goalAmount: goalAmount.trim() || '0',
});

/** The create call's body, checked with the schema the server uses (its messages too). */
export function parseNewTeam(values: TeamFormValues) {
  return parseWith(createTeamRequestSchema, body(values));
}

/** The edit call's body: every field of the form but the captain. */
export function parseTeamChanges(values: TeamFormValues) {
  const { captainProfileId: _captain, ...fields } = body(values);
  return parseWith(teamFieldsSchema, fields);
}

/**
 * The marathon's name after "Running": "the Chicago Marathon", but "The Boston Marathon" as it is,
 * never "the The Boston Marathon".
 */
export function theMarathon(marathonName: string): string {
  const name = marathonName.trim();
  return /^the\s/i.test(name) ? name : `the ${name}`;
}

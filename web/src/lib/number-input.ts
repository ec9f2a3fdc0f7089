/**
 * Spec 5: a number field takes empty input or a number written with digits and at most one decimal
 * point. Anything else (a minus sign, an exponent, letters) is ignored: the field keeps its value.
 */
export function isNumberInput(text: string): boolean {
  return /^\d*(\.\d*)?$/.test(text);
}

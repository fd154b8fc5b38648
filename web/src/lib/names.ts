/**
 * The api's name rule for a personal playlist and a new video genre or tag (spec viewer §5,
 * admin §5: letters, digits and whitespace, more than 1 character), as LISTED_NAME_PATTERN in
 * libs/contracts/src/names.ts (held equal by names.test.ts): letters of any script with their
 * combining marks (Devanagari vowel signs, Thai tone marks), digits and single spaces; at least
 * two letters or digits.
 */
export const LISTED_NAME_PATTERN =
  /^(?=(?:.*[\p{L}\p{N}]){2})(?!.*\p{M}{5})[\p{L}\p{N}](?:[\p{L}\p{N} ]|(?<=[\p{L}\p{M}])\p{M}|(?<=[\p{L}\p{M}])[\u200C\u200D](?=\p{L}))*(?<! )$/u;

/** Whether the api takes `name`, which it keeps with outer whitespace dropped and inner runs made one space. */
export function isListedName(name: string): boolean {
  return LISTED_NAME_PATTERN.test(name.trim().replace(/\s+/g, ' '));
}

/** `%` and `_` in what someone types are letters to find, not LIKE wildcards (backslash is PostgreSQL's escape). */
export function likePattern(text: string): string {
  return `%${likeEscaped(text)}%`;
}

/** Text that starts with `prefix`, taken literally. */
export function likePrefixPattern(prefix: string): string {
  return `${likeEscaped(prefix)}%`;
}

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

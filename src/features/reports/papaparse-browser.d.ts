// The browser build, typed by hand: @types/papaparse pulls Node's types into the browser program.
declare module 'papaparse/papaparse.min.js' {
  export function unparse(input: { fields: string[]; data: unknown[][] }): string;
}

// PLACEHOLDER until `npm run gen:types` generates it from the migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database = any;

export * from './organizations';
export * from './users';
export * from './sessions';
export * from './sidebar';
export * from './passengers';
export * from './idempotency';
export * from './groups';

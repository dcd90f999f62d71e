export * from './errors';
export * from './users';
export * from './organizations';
export * from './auth';
export * from './passengers';
export * from './health';
export * from './manifest';

export * from './operation.js';
export * from './rules.js';
export * from './permissions.js';
export * from './platform.js';

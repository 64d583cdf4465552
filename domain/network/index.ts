export * from './contract';
export * from './download';
export * from './importRule';
export * from './uploadFile';
export * from './cells';
export * from './format';
export * from './columns';

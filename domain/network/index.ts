export * from './contract';
export * from './download';
export * from './importRule';
export * from './uploadFile';

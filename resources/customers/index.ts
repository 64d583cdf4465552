/** The customer (lease company) area, spec 1 §2 "Customer area routes". */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/BusinessCenterOutlined';

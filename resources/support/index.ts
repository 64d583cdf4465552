/** Support tools, spec 3 §2.4. No route guard: each tool checks its own permission. */
export { routes } from './routes';
export { default as icon } from '@mui/icons-material/SupportAgentOutlined';

export { ComingSoonPage, EarlyAccessForm, formatLaunchDate } from './components/coming-soon-page';

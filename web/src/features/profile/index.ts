export { ProfilePage, PROFILE_CONTACTS, type ProfilePageProps } from './components/profile-page';
export { formatDate, formatPlanPrice, subscriptionLabel, trialDaysLeft } from './model/subscription';

export { SubscriptionPlansPage } from './subscription-plans-page';

// The questionnaire's choices (spec 000 section 2.10 leaves them to us). Values are what the server
// stores; labels are what people read. Kept short so the whole thing takes under a minute.

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

export const businessCategories: Choice[] = [
  { value: 'ecommerce', label: 'E-commerce & retail' },
  { value: 'agency', label: 'Marketing agency' },
  { value: 'software', label: 'Software & technology' },
  { value: 'education', label: 'Education & training' },
  { value: 'media', label: 'Media & entertainment' },
  { value: 'health', label: 'Health & wellness' },
  { value: 'real_estate', label: 'Real estate' },
  { value: 'hospitality', label: 'Food & hospitality' },
  { value: 'nonprofit', label: 'Non-profit' },
  { value: 'other', label: 'Something else' },
];

export const businessSizes: Choice[] = [
  { value: '1', label: 'Just me' },
  { value: '2-10', label: '2–10' },
  { value: '11-50', label: '11–50' },
  { value: '51-200', label: '51–200' },
  { value: '201-1000', label: '201–1,000' },
  { value: '1000+', label: '1,000+' },
];

export const roles: Choice[] = [
  { value: 'founder', label: 'Founder or owner' },
  { value: 'marketer', label: 'Marketer' },
  { value: 'creator', label: 'Content creator' },
  { value: 'educator', label: 'Educator or trainer' },
  { value: 'sales', label: 'Sales' },
  { value: 'other', label: 'Other' },
];

export const purposes: Choice[] = [
  { value: 'marketing', label: 'Ads & marketing', description: 'Campaigns, launches, promos' },
  { value: 'social', label: 'Social media', description: 'Reels, Shorts, TikTok' },
  { value: 'product', label: 'Product videos', description: 'Demos and showcases' },
  { value: 'training', label: 'Training & education', description: 'Courses and how-tos' },
  { value: 'internal', label: 'Internal updates', description: 'Team and company news' },
  { value: 'personal', label: 'Personal projects', description: 'Just for me' },
];

export const domains: Choice[] = [
  { value: 'products', label: 'Products' },
  { value: 'fashion', label: 'Fashion & beauty' },
  { value: 'food', label: 'Food & drink' },
  { value: 'travel', label: 'Travel' },
  { value: 'technology', label: 'Technology' },
  { value: 'finance', label: 'Finance' },
  { value: 'fitness', label: 'Health & fitness' },
  { value: 'education', label: 'Education' },
  { value: 'real_estate', label: 'Real estate' },
  { value: 'entertainment', label: 'Entertainment' },
  { value: 'sports', label: 'Sports' },
  { value: 'other', label: 'Other' },
];

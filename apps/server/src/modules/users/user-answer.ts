import type { User } from '@reelcraft/contract';
import type { UserRow } from './users.schema';

/**
 * An account as the contract's User (spec 000 section 3): never the password hash or internal times.
 * The picture is the browser address made from the stored one (see ProfilePictures), never the stored
 * value itself.
 */
export function toUserAnswer(row: UserRow, profilePictureUrl: string | null = null): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    company_name: row.companyName,
    role: row.role,
    phone_number: row.phoneNumber,
    is_onboarded: row.isOnboarded,
    profile_picture_url: profilePictureUrl,
    subscription_status: row.subscriptionStatus,
    subscription_expiry: row.subscriptionExpiry ? row.subscriptionExpiry.toISOString() : null,
  };
}

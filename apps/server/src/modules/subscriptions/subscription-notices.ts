import { SUBSCRIPTION_EVENT_TYPES, type VideoCount } from '@reelcraft/contract';
import type { UserEvent } from '../../platform/realtime/event-bus';

/** A message for the user's notification list (the notifications module's service in production). */
export interface SubscriptionNotice {
  title: string;
  message: string;
  status: 'completed' | 'failed';
  /** An in-app path. */
  link: string;
}

export interface SubscriptionNotifier {
  notify(userId: string, notice: SubscriptionNotice): Promise<void>;
}

export interface UserEventPublisher {
  publish(userId: string, event: UserEvent): Promise<void>;
}

interface NoticeLogger {
  warn(obj: object, msg: string): void;
}

// The web app writes dates this way too ("December 23, 2026"); in UTC, as the periods are kept.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (date: Date) => dayFormat.format(date);

/** The texts of the notices (ours: the spec only says the user is told). */
export const subscriptionNoticeTexts = {
  activated: (plan: string, until: Date, videos: number): SubscriptionNotice => ({
    title: 'Subscription activated',
    message: `Your ${plan} plan is active until ${day(until)}: ${videos} videos are ready to use.`,
    status: 'completed',
    link: '/dashboard',
  }),
  renewed: (plan: string, until: Date, videos: number): SubscriptionNotice => ({
    title: 'Subscription renewed',
    message: `Your ${plan} plan was renewed until ${day(until)}: ${videos} videos are ready to use.`,
    status: 'completed',
    link: '/dashboard',
  }),
  granted: (plan: string, until: Date): SubscriptionNotice => ({
    title: 'Plan granted',
    message: `You were given the ${plan} plan until ${day(until)}.`,
    status: 'completed',
    link: '/dashboard',
  }),
  videosAdded: (count: number): SubscriptionNotice => ({
    title: 'Videos added',
    message: `${count} ${count === 1 ? 'video was' : 'videos were'} added to your current period.`,
    status: 'completed',
    link: '/dashboard',
  }),
  willNotRenew: (plan: string, until: Date): SubscriptionNotice => ({
    title: 'Subscription cancelled',
    message: `Your ${plan} plan will not renew. It stays active until ${day(until)}.`,
    status: 'completed',
    link: '/subscription-plans',
  }),
  ended: (plan: string): SubscriptionNotice => ({
    title: 'Subscription ended',
    message: `Your ${plan} plan has ended. You are on the Free plan now.`,
    status: 'failed',
    link: '/subscription-plans',
  }),
  expired: (plan: string): SubscriptionNotice => ({
    title: 'Subscription expired',
    message: `Your ${plan} plan has expired. You are on the Free plan now; renew to keep creating.`,
    status: 'failed',
    link: '/subscription-plans',
  }),
};

/**
 * Tells the user after a change was committed: a notice in their list and the new video count on
 * their sockets (`subscription.updated`), so every open tab shows the quota without reloading.
 * Neither may undo the change, so their failures are only logged.
 */
export class SubscriptionAnnouncer {
  constructor(
    private readonly notifier: SubscriptionNotifier | undefined,
    private readonly events: UserEventPublisher,
    private readonly logger: NoticeLogger,
  ) {}

  async notify(userId: string, notice: SubscriptionNotice): Promise<void> {
    if (!this.notifier) return;
    try {
      await this.notifier.notify(userId, notice);
    } catch (error) {
      this.logger.warn({ err: error, userId, title: notice.title }, 'Could not notify a subscription change');
    }
  }

  async countChanged(userId: string, count: VideoCount): Promise<void> {
    try {
      await this.events.publish(userId, { type: SUBSCRIPTION_EVENT_TYPES.updated, data: count });
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'Could not push a subscription update');
    }
  }
}

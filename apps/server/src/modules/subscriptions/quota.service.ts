import { generationGateMessages, type SubscriptionDashboard, type VideoCount } from '@reelcraft/contract';
import { badRequest, forbidden } from '../../platform/http/http-error';
import type { CurrentPeriods } from './current-period';
import { subscriptionNoticeTexts, type SubscriptionAnnouncer } from './subscription-notices';
import { toVideoCount } from './subscription-periods';
import type { SubscriptionsRepository, Transaction } from './subscriptions.repository';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** One video taken from the user's quota for one creation job. */
export interface VideoReservation {
  id: string;
  userId: string;
  /** The job's own id, as given to `reserveVideo`. */
  reference: string;
  /** Start of the period the video was taken from. */
  periodStart: Date;
  /** Videos left in the period after this one. */
  remainingVideos: number;
}

const MAX_REFERENCE_LENGTH = 200;

/**
 * A reservation tried inside a caller's transaction: `reservation` is undefined when no video was
 * left. `announce` tells the user's screens the new count; call it once the transaction committed.
 */
export interface ReservationAttempt {
  reservation: VideoReservation | undefined;
  announce(): Promise<void>;
}

/**
 * The quota every creation flow goes through (DESIGN.md section 3: enforced on the server,
 * atomically, when a job is accepted). Reserve before queueing the job; release when it fails.
 */
export class QuotaService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly periods: CurrentPeriods,
    private readonly announcer: SubscriptionAnnouncer,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Takes one video from the user's current period, or throws 403 `No videos remaining. Please
   * upgrade your plan to continue.` Atomic: of two requests racing for the last video exactly one
   * wins, on any number of instances. Idempotent per `reference`: asking again for a job that
   * holds a video answers the same reservation without taking another.
   */
  async reserveVideo(userId: string, options: { reference: string }): Promise<VideoReservation> {
    const attempt = await this.subscriptions.transaction((tx) => this.tryReserveVideo(tx, userId, options));
    await attempt.announce();
    if (!attempt.reservation) throw forbidden(generationGateMessages.noVideosRemaining);
    return attempt.reservation;
  }

  /**
   * `reserveVideo` inside the caller's transaction, so a generation's rows, its job and its video
   * commit together or not at all. A refusal does not throw: an expiry found on the way is still
   * committed; the caller answers 403 `generationGateMessages.noVideosRemaining` itself.
   */
  async tryReserveVideo(
    tx: Transaction,
    userId: string,
    options: { reference: string },
  ): Promise<ReservationAttempt> {
    const reference = options.reference.trim();
    if (!reference || reference.length > MAX_REFERENCE_LENGTH) {
      throw badRequest('A reservation needs a job reference of 1 to 200 characters');
    }
    const now = this.clock.now();
    const opened = await this.periods.open(tx, userId, now);
    let reservationRow = await this.subscriptions.findReservation(tx, userId, reference);
    let period = opened.period;
    let charged = false;
    if (reservationRow?.state !== 'reserved') {
      const taken = await this.subscriptions.takeVideo(tx, userId, opened.period.periodStart);
      if (taken) {
        period = taken;
        charged = true;
        reservationRow = reservationRow
          ? await this.subscriptions.renewReservation(tx, reservationRow.id, taken.periodStart)
          : await this.subscriptions.insertReservation(tx, {
              userId,
              reference,
              periodStart: taken.periodStart,
            });
      } else {
        reservationRow = undefined;
      }
    }

    const count = toVideoCount(opened.subscription, period, opened.plan);
    return {
      reservation: reservationRow && {
        id: reservationRow.id,
        userId,
        reference,
        periodStart: reservationRow.periodStart,
        remainingVideos: count.remaining_videos,
      },
      announce: async () => {
        if (opened.expiredPlan) {
          await this.announcer.notify(userId, subscriptionNoticeTexts.expired(opened.expiredPlan.name));
        }
        if (charged || opened.expiredPlan) await this.announcer.countChanged(userId, count);
      },
    };
  }

  /**
   * Gives a reserved video back to the period it came from (a job failed). Idempotent: answers
   * false when the reservation is unknown or was released before, and gives nothing back then.
   */
  async releaseVideo(reservation: Pick<VideoReservation, 'id'> | string): Promise<boolean> {
    const id = typeof reservation === 'string' ? reservation : reservation.id;
    const now = this.clock.now();
    const released = await this.subscriptions.transaction(async (tx) => {
      const row = await this.subscriptions.release(tx, id, now);
      if (row) await this.subscriptions.giveBackVideo(tx, row.userId, row.periodStart);
      return row;
    });
    if (!released) return false;
    await this.announcer.countChanged(released.userId, await this.getVideoCount(released.userId));
    return true;
  }

  /** The spec's video count of the user's current period (GET /user/video-count). */
  async getVideoCount(userId: string): Promise<VideoCount> {
    const now = this.clock.now();
    const peeked = await this.periods.peek(userId, now);
    if (peeked) return peeked.count;
    const opened = await this.subscriptions.transaction((tx) => this.periods.open(tx, userId, now));
    const count = toVideoCount(opened.subscription, opened.period, opened.plan);
    if (opened.expiredPlan) {
      await this.announcer.notify(userId, subscriptionNoticeTexts.expired(opened.expiredPlan.name));
      await this.announcer.countChanged(userId, count);
    }
    return count;
  }

  /** GET /subscriptions/dashboard: the same numbers in the dashboard's shape (storage: StorageAllowance). */
  async getDashboard(
    userId: string,
  ): Promise<Pick<SubscriptionDashboard, 'remaining_videos' | 'can_generate_videos'>> {
    const count = await this.getVideoCount(userId);
    return { remaining_videos: count.remaining_videos, can_generate_videos: count.can_generate };
  }
}

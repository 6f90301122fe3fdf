import {
  createNotificationBodySchema,
  LIST_MAX_LIMIT,
  NOTIFICATION_EVENT_TYPES,
  updateNotificationBodySchema,
  type Notification,
  type UpdateNotificationBody,
} from '@reelcraft/contract';
import type { z } from 'zod';
import { notFound } from '../../platform/http/http-error';
import type { UserEvent } from '../../platform/realtime/event-bus';
import { notificationEventData } from './notification-event';
import type { NotificationChanges, NotificationsRepository } from './notifications.repository';
import type { NotificationRow } from './notifications.schema';

/** What a notification is created from: the body of POST /notifications/ (status defaults to pending). */
export type NewNotificationInput = z.input<typeof createNotificationBodySchema>;
/** What a change may carry: the body of PATCH /notifications/:id, at least one field. */
export type NotificationUpdateInput = z.input<typeof updateNotificationBodySchema>;

/** Where the service pushes its events: the platform's EventBus (any process's sockets). */
export interface NotificationEventPublisher {
  publish(userId: string, event: UserEvent): Promise<void>;
}

interface ServiceLogger {
  warn(obj: object, msg: string): void;
}

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    status: row.status,
    read: row.read,
    timestamp: row.createdAt.toISOString(),
    link: row.link,
    video_id: row.videoId,
    session_id: row.sessionId,
  };
}

function toChanges(body: UpdateNotificationBody): NotificationChanges {
  return {
    title: body.title,
    message: body.message,
    status: body.status,
    read: body.read,
    link: body.link,
    videoId: body.video_id,
  };
}

/**
 * A user's notifications: the HTTP calls and the jobs of other modules go through here, so every
 * change is checked against the contract (in-app links only) and pushed to the owner's sockets.
 * Another user's notification is "not found", never "forbidden".
 */
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly events: NotificationEventPublisher,
    private readonly logger: ServiceLogger,
  ) {}

  /** Stores a notification for the user and pushes `notification.created`. */
  async create(userId: string, input: NewNotificationInput): Promise<Notification> {
    const body = createNotificationBodySchema.parse(input);
    const row = await this.repository.insert({
      userId,
      title: body.title,
      message: body.message,
      status: body.status,
      link: body.link ?? null,
      videoId: body.video_id ?? null,
      sessionId: body.session_id ?? null,
    });
    const notification = toNotification(row);
    await this.push(userId, NOTIFICATION_EVENT_TYPES.created, notificationEventData(notification));
    return notification;
  }

  /** Newest first; at most `limit`, or LIST_MAX_LIMIT without one. */
  async list(userId: string, options: { limit?: number } = {}): Promise<Notification[]> {
    const limit = Math.min(options.limit ?? LIST_MAX_LIMIT, LIST_MAX_LIMIT);
    const rows = await this.repository.listForUser(userId, limit);
    return rows.map(toNotification);
  }

  /** Applies the change and pushes `notification.updated`; 404 for an id the user does not own. */
  async update(userId: string, id: string, input: NotificationUpdateInput): Promise<Notification> {
    const changes = toChanges(updateNotificationBodySchema.parse(input));
    const row = await this.repository.updateForUser(userId, id, changes);
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
    return this.pushUpdated(row);
  }

  /** Idempotent: an already read notification is answered as it is, without an event. */
  async markRead(userId: string, id: string): Promise<Notification> {
    const row = await this.repository.markUnreadAsRead(userId, id);
    if (row) return this.pushUpdated(row);
    const existing = await this.repository.findForUser(userId, id);
    if (!existing) throw notFound(NOTIFICATION_NOT_FOUND);
    return toNotification(existing);
  }

  /** Pushes `notifications.read_all` when something changed. */
  async markAllRead(userId: string): Promise<{ updated_count: number }> {
    const updatedCount = await this.repository.markAllRead(userId);
    const answer = { updated_count: updatedCount };
    if (updatedCount > 0) await this.push(userId, NOTIFICATION_EVENT_TYPES.readAll, answer);
    return answer;
  }

  /** The user's notifications of a job session, newest first. */
  async listForSession(userId: string, sessionId: string): Promise<Notification[]> {
    return (await this.repository.findBySession(userId, sessionId)).map(toNotification);
  }

  /**
   * The background-job flow (spec 000 section 4): turns the user's notifications of a job session
   * into its outcome. Answers what changed, newest first; empty when the session has none.
   */
  async updateBySession(
    userId: string,
    sessionId: string,
    input: NotificationUpdateInput,
  ): Promise<Notification[]> {
    const changes = toChanges(updateNotificationBodySchema.parse(input));
    const rows = await this.repository.updateBySession(userId, sessionId, changes);
    const answer: Notification[] = [];
    for (const row of rows) answer.push(await this.pushUpdated(row));
    return answer;
  }

  /**
   * For jobs finishing a session: updates the session's notifications to the outcome when the user
   * sent the job to the background (a processing notification exists), creates one otherwise.
   */
  async recordSessionOutcome(
    userId: string,
    sessionId: string,
    outcome: Omit<NewNotificationInput, 'session_id'>,
  ): Promise<Notification[]> {
    const { title, message, status, link, video_id } = createNotificationBodySchema.parse({
      ...outcome,
      session_id: sessionId,
    });
    const updated = await this.updateBySession(userId, sessionId, {
      title,
      message,
      status,
      ...(link !== undefined ? { link } : {}),
      ...(video_id !== undefined ? { video_id } : {}),
    });
    if (updated.length > 0) return updated;
    return [await this.create(userId, { ...outcome, session_id: sessionId })];
  }

  private async pushUpdated(row: NotificationRow): Promise<Notification> {
    const notification = toNotification(row);
    await this.push(row.userId, NOTIFICATION_EVENT_TYPES.updated, notificationEventData(notification));
    return notification;
  }

  // The row is stored before the event leaves: a lost event costs a live update, never data (a
  // client reloads the list when it reconnects), so it must not fail the change itself.
  private async push(userId: string, type: string, data: unknown): Promise<void> {
    try {
      await this.events.publish(userId, { type, data });
    } catch (error) {
      this.logger.warn({ err: error, type, userId }, 'Could not push a notification event');
    }
  }
}

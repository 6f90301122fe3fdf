import { parseArgs } from 'node:util';
import { PLAN_IDS, type PlanId } from '@reelcraft/contract';
import type { UsersService } from '../modules/users';
import { centsToAmount, isPaidPlanId, type SubscriptionsService } from '../modules/subscriptions';

export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  users [--search TEXT] [--limit N]     list accounts with their plan and videos left
  plans                                 list the plans as configured
  grant <email|id> <plan> [--days N]    give a paid plan (${PLAN_IDS.join(', ')}) from now, for N days
                                        (default: the plan's period); no payment is recorded
  revoke <email|id>                     end a paid plan now; the account returns to the free plan
  add-videos <email|id> <count>         add videos to the account's current period
  history <email|id> [--limit N]        the account's subscription events (payments, renewals...)
  delete-user <email|id>                delete the account: it can no longer sign in, and its open
                                        sessions end on every running server
  help                                  this text

Options:
  --json                                print JSON instead of a table

Uses the server's configuration (DATABASE_URL or the embedded database in DATA_DIR).`;

/** A user's mistake in the command line: printed with the usage, exit code 2. */
class UsageError extends Error {}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

function table(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

function positiveInteger(value: string | undefined, what: string, max: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`${what} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

function parseCommandLine(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      search: { type: 'string' },
      limit: { type: 'string' },
      days: { type: 'string' },
    },
  });
}

/**
 * The self-hoster's administration commands (`npm run admin -- ...`), on the same services the API
 * uses, so a grant is recorded and announced like a payment. Answers the process exit code.
 */
export async function runAdminCommand(
  argv: readonly string[],
  services: { subscriptions: SubscriptionsService; users: Pick<UsersService, 'deleteAccount'> },
  output: AdminOutput,
): Promise<number> {
  const { subscriptions } = services;
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const [command = 'help', ...args] = parsed.positionals;
  const { values } = parsed;
  const print = (data: unknown, rows: () => string[][]) => {
    if (values.json) output.out(JSON.stringify(data, null, 2));
    else for (const line of table(rows())) output.out(line);
  };

  async function account(idOrEmail: string | undefined) {
    if (!idOrEmail) throw new UsageError('Name the account by its email address or id');
    const found = await subscriptions.findAccount(idOrEmail);
    if (!found) throw new Error(`No account for ${idOrEmail}`);
    return found;
  }

  try {
    switch (command) {
      case 'help':
        output.out(ADMIN_USAGE);
        return 0;

      case 'users': {
        const limit = values.limit ? positiveInteger(values.limit, '--limit', 10_000) : 100;
        const accounts = await subscriptions.listAccounts({ search: values.search, limit });
        print(accounts, () => [
          ['ID', 'EMAIL', 'PLAN', 'USED', 'MAX', 'LEFT', 'EXPIRES', 'PROVIDER'],
          ...accounts.map((item) => [
            item.id,
            item.email,
            item.planId,
            String(item.count.total_videos),
            String(item.count.max_videos),
            String(item.count.remaining_videos),
            day(item.expiry),
            item.provider ?? '-',
          ]),
        ]);
        return 0;
      }

      case 'plans': {
        const plans = await subscriptions.listPlans();
        print(plans, () => [
          ['ID', 'NAME', 'PRICE', 'VIDEOS', 'DAYS', 'STRIPE PRICE'],
          ...plans.map((plan) => [
            plan.id,
            plan.name,
            `${plan.price.toFixed(2)} ${plan.currency}`,
            String(plan.max_videos),
            String(plan.period_days),
            plan.stripe_price_id ?? '-',
          ]),
        ]);
        return 0;
      }

      case 'grant': {
        const [who, planId] = args;
        const target = await account(who);
        if (!planId || !isPaidPlanId(planId))
          throw new UsageError(`The plan must be one of: ${PLAN_IDS.join(', ')}`);
        const days = values.days ? positiveInteger(values.days, '--days', 3660) : undefined;
        const outcome = await subscriptions.startPaidPeriod({
          userId: target.id,
          planId: planId satisfies PlanId,
          provider: 'admin',
          paymentId: null,
          amountCents: null,
          currency: null,
          autoRenew: false,
          actor: 'admin',
          days,
        });
        const data = { account: target.email, plan: planId, ...outcome.activation };
        if (values.json) output.out(JSON.stringify(data, null, 2));
        else
          output.out(`Granted ${planId} to ${target.email} until ${outcome.activation.subscription_expiry}`);
        return 0;
      }

      case 'revoke': {
        const target = await account(args[0]);
        const ended = await subscriptions.endPaidPeriod({
          userId: target.id,
          kind: 'admin_revoke',
          provider: 'admin',
          actor: 'admin',
        });
        if (values.json) output.out(JSON.stringify({ account: target.email, revoked: ended }, null, 2));
        else
          output.out(ended ? `${target.email} is back on the free plan` : `${target.email} has no paid plan`);
        return 0;
      }

      case 'add-videos': {
        const target = await account(args[0]);
        const count = positiveInteger(args[1], 'The count', 100_000);
        const videoCount = await subscriptions.addVideos(target.id, count);
        if (values.json) output.out(JSON.stringify({ account: target.email, ...videoCount }, null, 2));
        else {
          output.out(
            `Added ${count} videos to ${target.email}: ${videoCount.remaining_videos} of ${videoCount.max_videos} left`,
          );
        }
        return 0;
      }

      case 'delete-user': {
        const target = await account(args[0]);
        await services.users.deleteAccount(target.id);
        if (values.json) output.out(JSON.stringify({ account: target.email, deleted: true }, null, 2));
        else output.out(`${target.email} is deleted; its sessions have ended`);
        return 0;
      }

      case 'history': {
        const target = await account(args[0]);
        const limit = values.limit ? positiveInteger(values.limit, '--limit', 10_000) : 50;
        const events = await subscriptions.history(target.id, limit);
        print(events, () => [
          ['WHEN', 'EVENT', 'PLAN', 'PROVIDER', 'PAYMENT', 'AMOUNT', 'BY', 'UNTIL'],
          ...events.map((event) => [
            event.createdAt.toISOString(),
            event.kind,
            event.planId,
            event.provider ?? '-',
            event.paymentId ?? '-',
            event.amountCents === null
              ? '-'
              : `${centsToAmount(event.amountCents).toFixed(2)} ${event.currency ?? ''}`,
            event.actor,
            day(event.periodEnd),
          ]),
        ]);
        return 0;
      }

      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\n\n${ADMIN_USAGE}`);
      return 2;
    }
    output.err((error as Error).message);
    return 1;
  }
}

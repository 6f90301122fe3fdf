import { zodResolver } from '@hookform/resolvers/zod';
import { defaultFailure, onboardingBodySchema, type OnboardingBody } from '@reelcraft/contract';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ArrowLeftIcon, ArrowRightIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { useCurrentUser } from '../../lib/session';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { ChoiceGroup } from './components/choice-group';
import { readOnboardingDraft, saveOnboardingDraft } from './onboarding-draft';
import { businessCategories, businessSizes, domains, purposes, roles } from './onboarding-options';

const chosen = (message: string) => z.string().min(1, message);

/**
 * The questionnaire as the inputs hold it, one field per question. The contract leaves role and
 * purpose optional; the screen asks for them. Valid answers become the call's body.
 */
const onboardingFormSchema = z
  .object({
    business_name: z
      .string()
      .trim()
      .refine(
        (name) => onboardingBodySchema.shape.business_name.safeParse(name).success,
        'Enter the name of your business.',
      ),
    business_category: chosen('Choose a category.'),
    business_size: chosen('Choose a team size.'),
    role: chosen('Choose your role.'),
    purpose: chosen('Choose what you will make most.'),
    domains: z.array(z.string()),
  })
  .transform(({ role, purpose, domains, ...business }): OnboardingBody => ({
    ...business,
    preferences: { purpose, role, domains },
  }));
type OnboardingFormInput = z.input<typeof onboardingFormSchema>;

interface Step {
  title: string;
  lead: string;
  /** The questions checked before leaving the step. */
  fields: Path<OnboardingFormInput>[];
}

const steps: [Step, Step, Step] = [
  {
    title: 'Tell us about your business',
    lead: 'So your videos start with the right tone and examples.',
    fields: ['business_name', 'business_category', 'business_size'],
  },
  {
    title: 'How will you use ReelCraft?',
    lead: 'We will suggest the formats that fit.',
    fields: ['role', 'purpose'],
  },
  {
    title: 'What will your videos be about?',
    lead: 'Optional: it helps us suggest examples that fit.',
    fields: ['domains'],
  },
];
const allFields = steps.flatMap((item) => item.fields);

const onboardingErrors = { fallback: defaultFailure('save your answers') };

/**
 * `/onboarding` (spec 000 section 2.10): a three-step business questionnaire (name, category, size;
 * role and purpose; topics) that works with the keyboard alone: Tab between questions, arrows within
 * one, Space to tick, Enter to continue. It can be skipped for now (the dashboard offers it again),
 * and reopens on the step and with the answers the user left it with.
 */
export function OnboardingPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const navigate = useNavigate();
  const save = useCompleteOnboarding();
  const [draft] = useState(() => readOnboardingDraft(userId));
  const [step, setStep] = useState(() => Math.min(draft?.step ?? 0, steps.length - 1));
  const {
    register,
    handleSubmit,
    trigger,
    setError,
    clearErrors,
    getFieldState,
    getValues,
    subscribe,
    formState,
  } = useForm<OnboardingFormInput, unknown, OnboardingBody>({
    resolver: zodResolver(onboardingFormSchema),
    defaultValues: draft?.answers ?? {
      business_name: user?.company_name ?? '',
      business_category: '',
      business_size: '',
      role: '',
      purpose: '',
      domains: [],
    },
  });
  const errors = formState.errors;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const movedRef = useRef(false);

  // After Continue or Back, the new step's heading takes the focus, so it is read out and Tab starts there.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  // Every answer and step change is kept, so leaving (Skip, a link, a closed tab) loses nothing.
  useEffect(() => {
    const keep = () => saveOnboardingDraft({ user_id: userId, step, answers: getValues() });
    keep();
    return subscribe({ formState: { values: true }, callback: keep });
  }, [userId, step, subscribe, getValues]);

  const goTo = (next: number) => {
    movedRef.current = true;
    setStep(next);
  };

  // Each step is checked when leaving it, so a question's error goes once it is answered.
  const field = (name: Path<OnboardingFormInput>) => register(name, { onChange: () => clearErrors(name) });

  const last = step === steps.length - 1;
  const current = steps[step] ?? steps[0];

  const saveAnswers = (body: OnboardingBody) =>
    save.mutate(body, {
      onSuccess: () => {
        // Reopened later, the questionnaire shows these answers from its first step.
        saveOnboardingDraft({ user_id: userId, step: 0, answers: getValues() });
        void navigate(paths.dashboard, { replace: true });
      },
      // A 422 is shown at its question, on that question's step.
      onError: (error) => {
        if (!showServerFieldErrors(error, allFields, setError)) return;
        save.reset();
        const stepWithError = steps.findIndex((item) =>
          item.fields.some((name) => getFieldState(name).error),
        );
        if (stepWithError >= 0 && stepWithError !== step) goTo(stepWithError);
      },
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (last) await handleSubmit(saveAnswers)(event);
    else if (await trigger(current.fields, { shouldFocus: true })) goTo(step + 1);
  };

  // Enter on a radio button or checkbox continues, as it does in the text field.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (event.key === 'Enter' && (target.type === 'radio' || target.type === 'checkbox')) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Welcome · ReelCraft</title>
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm font-medium text-violet-600 dark:text-violet-400">
          Welcome{user?.full_name ? `, ${user.full_name.split(/\s+/)[0]}` : ''}! Let us set up your workspace.
        </p>
        {/* The answers so far are kept: the dashboard's "Continue setup" comes back to them. */}
        <button
          type="button"
          onClick={() => void navigate(paths.dashboard)}
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-mt-1.5 shrink-0' })}
        >
          Skip for now
        </button>
      </div>

      <div className="mt-6 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={step + 1}
          aria-valuetext={`Step ${step + 1} of ${steps.length}`}
          className="flex flex-1 gap-1.5"
        >
          {steps.map((item, index) => (
            <span
              key={item.title}
              className={`h-1.5 flex-1 rounded-full transition-colors ${
                index <= step ? 'bg-violet-600 dark:bg-violet-400' : 'bg-zinc-200 dark:bg-white/10'
              }`}
            />
          ))}
        </div>
        <span className="text-xs font-medium text-zinc-500 tabular-nums dark:text-zinc-400">
          Step {step + 1} of {steps.length}
        </span>
      </div>

      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        onKeyDown={onKeyDown}
        aria-labelledby="onboarding-step-title"
        className="mt-8 rounded-3xl border border-zinc-200 bg-white p-6 shadow-xl shadow-zinc-900/5 sm:p-8 dark:border-white/10 dark:bg-zinc-900/60 dark:shadow-black/30"
      >
        <h1
          ref={headingRef}
          id="onboarding-step-title"
          tabIndex={-1}
          className="font-display text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
        >
          {current.title}
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{current.lead}</p>

        <div className="mt-8 space-y-8">
          {step === 0 && (
            <>
              <TextField
                label="Business name"
                autoComplete="organization"
                required
                // The contract's limit: longer names cannot be typed rather than refused.
                maxLength={onboardingBodySchema.shape.business_name.maxLength ?? undefined}
                error={errors.business_name?.message}
                {...field('business_name')}
              />
              <ChoiceGroup
                type="radio"
                field={field('business_category')}
                legend="Category"
                choices={businessCategories}
                error={errors.business_category?.message}
              />
              <ChoiceGroup
                type="radio"
                field={field('business_size')}
                legend="Team size"
                choices={businessSizes}
                error={errors.business_size?.message}
                columns={3}
              />
            </>
          )}
          {step === 1 && (
            <>
              <ChoiceGroup
                type="radio"
                field={field('role')}
                legend="Your role"
                choices={roles}
                error={errors.role?.message}
                columns={3}
              />
              <ChoiceGroup
                type="radio"
                field={field('purpose')}
                legend="What will you make most?"
                choices={purposes}
                error={errors.purpose?.message}
              />
            </>
          )}
          {step === 2 && (
            <ChoiceGroup
              type="checkbox"
              field={field('domains')}
              legend="Topics"
              hint="Pick any that apply."
              choices={domains}
              columns={3}
            />
          )}
        </div>

        <FormMessage tone="error" className="mt-6">
          {save.isError && errorMessage(save.error, onboardingErrors)}
        </FormMessage>

        <div className="mt-8 flex items-center justify-between gap-3 border-t border-zinc-200 pt-6 dark:border-white/10">
          {step > 0 ? (
            <button
              type="button"
              onClick={() => goTo(step - 1)}
              className={buttonClasses({ variant: 'ghost' })}
            >
              <ArrowLeftIcon className="size-4" />
              Back
            </button>
          ) : (
            <span />
          )}
          <button type="submit" disabled={save.isPending} className={buttonClasses({ size: 'lg' })}>
            {save.isPending && <Spinner />}
            {save.isPending ? 'Saving…' : last ? 'Finish' : 'Continue'}
            {!last && <ArrowRightIcon className="size-4" />}
          </button>
        </div>
      </form>
      <p className="mt-4 text-center text-xs text-zinc-500 dark:text-zinc-400">Press Enter to continue.</p>
    </div>
  );
}

import { defaultFailure } from '@reelcraft/contract';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { FormMessage } from '../../components/form-message';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { ChoiceGroup } from './components/choice-group';
import { businessCategories, businessSizes, domains, purposes, roles } from './onboarding-options';

interface Answers {
  businessName: string;
  category: string[];
  size: string[];
  role: string[];
  purpose: string[];
  domains: string[];
}

type Errors = Partial<Record<keyof Answers, string | null>>;

const steps = [
  { title: 'Tell us about your business', lead: 'So your videos start with the right tone and examples.' },
  { title: 'How will you use ReelCraft?', lead: 'We will suggest the formats that fit.' },
  { title: 'What will your videos be about?', lead: 'Optional: it helps us suggest examples that fit.' },
] as const;

const onboardingErrors = { fallback: defaultFailure('save your answers') };

function validate(step: number, answers: Answers): Errors {
  if (step === 0) {
    return {
      businessName: answers.businessName.trim() ? null : 'Enter the name of your business.',
      category: answers.category.length ? null : 'Choose a category.',
      size: answers.size.length ? null : 'Choose a team size.',
    };
  }
  if (step === 1) {
    return {
      role: answers.role.length ? null : 'Choose your role.',
      purpose: answers.purpose.length ? null : 'Choose what you will make most.',
    };
  }
  return {};
}

/**
 * `/onboarding` (spec 000 section 2.10): a three-step business questionnaire (name, category, size;
 * role and purpose; topics) that works with the keyboard alone: Tab between questions, arrows within
 * one, Space to tick, Enter to continue.
 */
export function OnboardingPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useCompleteOnboarding();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>({
    businessName: user?.company_name ?? '',
    category: [],
    size: [],
    role: [],
    purpose: [],
    domains: [],
  });
  const [errors, setErrors] = useState<Errors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const movedRef = useRef(false);

  // After Continue or Back, the new step's heading takes the focus, so it is read out and Tab starts there.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  const set = <K extends keyof Answers>(key: K, value: Answers[K]) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: null }));
  };

  const last = step === steps.length - 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problems = validate(step, answers);
    setErrors(problems);
    const firstInvalid = Object.entries(problems).find(([, message]) => message)?.[0];
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (!last) {
      movedRef.current = true;
      setStep(step + 1);
      return;
    }
    save.mutate(
      {
        business_name: answers.businessName.trim(),
        business_category: answers.category[0] ?? '',
        business_size: answers.size[0] ?? '',
        preferences: { purpose: answers.purpose[0], role: answers.role[0], domains: answers.domains },
      },
      { onSuccess: () => void navigate(paths.dashboard, { replace: true }) },
    );
  };

  // Enter on a radio button or checkbox continues, as it does in the text field.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (event.key === 'Enter' && (target.type === 'radio' || target.type === 'checkbox')) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const current = steps[step] ?? steps[0];

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Welcome · ReelCraft</title>
      <p className="text-sm font-medium text-violet-600 dark:text-violet-400">
        Welcome{user?.full_name ? `, ${user.full_name.split(/\s+/)[0]}` : ''}! Let us set up your workspace.
      </p>

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
        onSubmit={submit}
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
                name="businessName"
                autoComplete="organization"
                required
                value={answers.businessName}
                error={errors.businessName}
                onChange={(event) => set('businessName', event.target.value)}
              />
              <ChoiceGroup
                type="radio"
                name="category"
                legend="Category"
                choices={businessCategories}
                selected={answers.category}
                onChange={(value) => set('category', value)}
                error={errors.category}
              />
              <ChoiceGroup
                type="radio"
                name="size"
                legend="Team size"
                choices={businessSizes}
                selected={answers.size}
                onChange={(value) => set('size', value)}
                error={errors.size}
                columns={3}
              />
            </>
          )}
          {step === 1 && (
            <>
              <ChoiceGroup
                type="radio"
                name="role"
                legend="Your role"
                choices={roles}
                selected={answers.role}
                onChange={(value) => set('role', value)}
                error={errors.role}
                columns={3}
              />
              <ChoiceGroup
                type="radio"
                name="purpose"
                legend="What will you make most?"
                choices={purposes}
                selected={answers.purpose}
                onChange={(value) => set('purpose', value)}
                error={errors.purpose}
              />
            </>
          )}
          {step === 2 && (
            <ChoiceGroup
              type="checkbox"
              name="domains"
              legend="Topics"
              hint="Pick any that apply."
              choices={domains}
              selected={answers.domains}
              onChange={(value) => set('domains', value)}
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
              onClick={() => {
                movedRef.current = true;
                setStep(step - 1);
              }}
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

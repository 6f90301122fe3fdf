import { Stepper } from '../../components/stepper';
import { STUDIO_STEPS, type StudioStepNumber } from './workflow-storage';

interface StudioStepperProps {
  current: StudioStepNumber;
  isComplete: (step: StudioStepNumber) => boolean;
  onSelect: (step: StudioStepNumber) => void;
}

/** The five steps of video mode; each is a button, and a completed one shows a check. */
export function StudioStepper({ current, isComplete, onSelect }: StudioStepperProps) {
  return (
    <Stepper
      label="Studio steps"
      steps={STUDIO_STEPS}
      current={current}
      isComplete={isComplete}
      onSelect={onSelect}
    />
  );
}

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

// The app has one feedback dialog (features/feedback), opened from the shell, the landing header and
// a few screens. Features do not import one another, so they ask this opener, and the app, which may
// import the feedback feature, provides the dialog (app/root-layout.tsx).

const FeedbackOpenerContext = createContext<(() => void) | null>(null);

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

export function FeedbackOpenerProvider({
  renderDialog,
  children,
}: {
  renderDialog: (props: FeedbackDialogProps) => ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const openFeedback = useCallback(() => setOpen(true), []);
  return (
    <FeedbackOpenerContext.Provider value={openFeedback}>
      {children}
      {renderDialog({ open, onClose: () => setOpen(false) })}
    </FeedbackOpenerContext.Provider>
  );
}

/** Opens the feedback dialog. */
export function useOpenFeedback(): () => void {
  const openFeedback = useContext(FeedbackOpenerContext);
  if (!openFeedback) throw new Error('useOpenFeedback must be used inside <FeedbackOpenerProvider>');
  return openFeedback;
}

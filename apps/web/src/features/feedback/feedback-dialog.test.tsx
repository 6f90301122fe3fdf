import { feedbackMessages, type FeedbackQuestion } from '@reelcraft/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, testUser, type FakeHandler } from '../../test/fake-api';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { FeedbackDialog } from './feedback-dialog';

const questions: FeedbackQuestion[] = [
  {
    id: 'overall',
    type: 'radio',
    question: 'How satisfied are you overall?',
    description: null,
    placeholder: null,
    required: true,
    options: [
      { value: 'happy', label: 'Satisfied' },
      { value: 'unhappy', label: 'Dissatisfied' },
    ],
  },
  {
    id: 'features',
    type: 'checkbox',
    question: 'Which features have you used?',
    description: 'Select all that apply.',
    placeholder: null,
    required: true,
    options: [
      { value: 'text', label: 'Text to Video' },
      { value: 'images', label: 'Image to Video' },
    ],
  },
  {
    id: 'improve',
    type: 'text',
    question: 'What should we improve?',
    description: null,
    placeholder: 'Tell us',
    required: false,
    options: [],
  },
];

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Feedback
      </button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderDialog(
  handlers: Record<string, FakeHandler | { status?: number; body?: unknown } | 'network-error'>,
) {
  const api = fakeApi({
    'GET /auth/me': { body: testUser() },
    'GET /feedback/questions': { body: { questions } },
    'POST /feedback/submit': { status: 201, body: { id: 'f1', message: 'Feedback received' } },
    ...handlers,
  });
  const view = renderApp('/', { routes: [{ path: '/', element: <Opener /> }] });
  return { ...view, api };
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Feedback' }));
  const dialog = screen.getByRole('dialog', { name: 'Share feedback' });
  await within(dialog).findByRole('radiogroup', { name: /How satisfied/ });
  return within(dialog);
}

describe('feedback dialog', () => {
  it('renders text, checkbox and radio questions with the required ones marked', async () => {
    const { user } = renderDialog({});
    const dialog = await openDialog(user);

    expect(
      dialog.getByRole('radiogroup', { name: 'How satisfied are you overall? (required)' }),
    ).toBeInTheDocument();
    expect(
      dialog.getByRole('group', { name: 'Which features have you used? (required)' }),
    ).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Text to Video' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'What should we improve?' })).toHaveAttribute(
      'placeholder',
      'Tell us',
    );
  });

  it('asks a guest for an email or user ID, marked required, and says why Submit is disabled without one', async () => {
    const { user, api } = renderDialog({});
    const dialog = await openDialog(user);
    const field = dialog.getByRole('textbox', { name: 'Email or user ID' });
    expect(field).toBeRequired();
    // Marked like the required questions: a visitor has no user ID, so an email address does.
    expect(dialog.getByText('Email or user ID').closest('label')).toHaveTextContent('*');
    expect(field).toHaveAccessibleDescription(/email address/i);

    // Every required question answered: Submit still waits for the address, and says so.
    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Image to Video' }));
    const submit = dialog.getByRole('button', { name: 'Submit feedback' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(feedbackMessages.guestNeedsContact);
    expect(dialog.getByText(feedbackMessages.guestNeedsContact)).toBeVisible();

    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    await user.type(field, 'guest@example.com');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAccessibleDescription(feedbackMessages.guestNeedsContact);
    expect(dialog.queryByText(feedbackMessages.guestNeedsContact)).not.toBeInTheDocument();
    await user.click(submit);

    expect(await dialog.findByText(feedbackMessages.thanks)).toBeInTheDocument();
    const [sent] = api.sent('POST /feedback/submit');
    expect(sent?.body).toMatchObject({
      user_id: 'guest@example.com',
      answers: { overall: 'happy', features: ['images'] },
    });
    expect(Date.parse((sent?.body as { timestamp: string }).timestamp)).not.toBeNaN();
  });

  it('takes a user ID from a guest as well', async () => {
    const { user, api } = renderDialog({});
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Email or user ID' }), 'guest-42');
    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    await dialog.findByText(feedbackMessages.thanks);
    expect(api.sent('POST /feedback/submit')[0]?.body).toMatchObject({ user_id: 'guest-42' });
  });

  it("sends a signed-in user's id without asking for one", async () => {
    storeSignedIn(testUser({ id: 'user-77' }));
    const { user, api } = renderDialog({ 'GET /auth/me': { body: testUser({ id: 'user-77' }) } });
    const dialog = await openDialog(user);

    expect(dialog.queryByRole('textbox', { name: 'Email or user ID' })).not.toBeInTheDocument();
    expect(dialog.getByText('Ana Lima')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Dissatisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.type(dialog.getByRole('textbox', { name: 'What should we improve?' }), '  Faster renders  ');
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    await dialog.findByText(feedbackMessages.thanks);
    expect(api.sent('POST /feedback/submit')[0]?.body).toMatchObject({
      user_id: 'user-77',
      answers: { overall: 'unhappy', features: ['text'], improve: 'Faster renders' },
    });
  });

  it('requires the required questions: a checkbox question needs one option', async () => {
    storeSignedIn();
    const { user, api } = renderDialog({});
    const dialog = await openDialog(user);

    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' })); // and unticked again
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    const features = dialog.getByRole('group', { name: /Which features/ });
    expect(features).toHaveAttribute('aria-invalid', 'true');
    expect(within(features).getByText(feedbackMessages.answerRequired)).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Text to Video' })).toHaveFocus();
    expect(dialog.getByRole('radiogroup', { name: /How satisfied/ })).not.toHaveAttribute('aria-invalid');
    expect(api.sent('POST /feedback/submit')).toHaveLength(0);

    await user.click(dialog.getByRole('checkbox', { name: 'Image to Video' }));
    expect(within(features).queryByText(feedbackMessages.answerRequired)).not.toBeInTheDocument();
  });

  it('describes a required text question by its error and focuses it', async () => {
    storeSignedIn();
    const textRequired = questions.map((question) =>
      question.id === 'improve' ? { ...question, required: true } : question,
    );
    const { user, api } = renderDialog({ 'GET /feedback/questions': { body: { questions: textRequired } } });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.type(dialog.getByRole('textbox', { name: /What should we improve/ }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    const improve = dialog.getByRole('textbox', { name: /What should we improve/ });
    expect(improve).toHaveAttribute('aria-invalid', 'true');
    expect(improve).toHaveAccessibleDescription(feedbackMessages.answerRequired);
    expect(improve).toHaveFocus();
    expect(api.sent('POST /feedback/submit')).toHaveLength(0);
  });

  it("puts the server's issues at the question and the user ID they name, not in a banner", async () => {
    const { user } = renderDialog({
      'POST /feedback/submit': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'user_id'], msg: 'Unknown user', type: 'value_error' },
            { loc: ['body', 'answers', 'overall'], msg: 'Not one of the options', type: 'value_error' },
          ],
        },
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Email or user ID' }), 'guest-42');
    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    const userId = dialog.getByRole('textbox', { name: 'Email or user ID' });
    await waitFor(() => expect(userId).toHaveAccessibleDescription('Unknown user'));
    expect(userId).toHaveAttribute('aria-invalid', 'true');
    expect(userId).toHaveFocus();
    const overall = dialog.getByRole('radiogroup', { name: /How satisfied/ });
    expect(overall).toHaveAttribute('aria-invalid', 'true');
    expect(overall).toHaveAccessibleDescription('Not one of the options');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the submission fails, and keeps the answers', async () => {
    storeSignedIn();
    const { user } = renderDialog({ 'POST /feedback/submit': { status: 500, body: { detail: 'Boom' } } });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Satisfied' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Text to Video' }));
    await user.click(dialog.getByRole('button', { name: 'Submit feedback' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(feedbackMessages.submitFailed);
    expect(dialog.getByRole('radio', { name: 'Satisfied' })).toBeChecked();
  });

  it('shows the contact panel with a support mailto link when the questions cannot be loaded', async () => {
    const { user } = renderDialog({ 'GET /feedback/questions': 'network-error' });
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Share feedback' }));

    const panel = within(await dialog.findByRole('region', { name: 'Contact us instead' }));
    expect(panel.getByRole('link', { name: /^Email support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@[^?]+\?subject=Feedback$/),
    );
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('starts over each time it opens', async () => {
    const { user } = renderDialog({});
    let dialog = await openDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Email or user ID' }), 'guest-1');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    dialog = await openDialog(user);
    expect(dialog.getByRole('textbox', { name: 'Email or user ID' })).toHaveValue('');
  });
});

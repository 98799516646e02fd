import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import { requiredText } from '@partner-portal/shared/validation';
import { api } from '@/lib/api-client';
import { Form } from './form';

function respondInOrder(...bodies: unknown[]) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(bodies.shift() ?? { data: null }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sentBody = (fetchMock: ReturnType<typeof respondInOrder>, call: number): unknown =>
  JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

afterEach(() => vi.unstubAllGlobals());

const PaymentAnswerSchema = z.object({
  requires_payment_action: z.boolean().optional(),
  client_secret: z.string().optional(),
  plan: z.string().optional(),
});

describe('Form options', () => {
  it('shows a required error on blur only, and clears it as the user types', async () => {
    render(
      <Form
        inputs={{ first_name: { type: 'text', label: 'First name', required: true } }}
        buttonText="Save"
        callback={vi.fn()}
      />,
    );
    const field = screen.getByLabelText(/^First name/);
    await userEvent.click(field);
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('First name is required');
    await userEvent.type(field, 'A');
    await waitFor(() =>
      expect(screen.queryByText('First name is required')).not.toBeInTheDocument(),
    );
  });

  it('keeps the pattern message when a definition gives its own required message', async () => {
    render(
      <Form
        inputs={{
          email: {
            type: 'email',
            label: 'Email',
            required: true,
            errorMessage: 'Enter your email',
          },
        }}
        buttonText="Save"
        callback={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Email/));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
  });

  it('also checks an explicit shared schema, wording its messages', async () => {
    const callback = vi.fn();
    const schema = z
      .object({ code: requiredText({ max: 20 }), confirm: z.string() })
      .refine((values) => values.code === values.confirm, {
        path: ['confirm'],
        message: encodeMessage('global.form.password.error.mismatch'),
      });
    render(
      <Form
        inputs={{
          code: { type: 'text', label: 'Code' },
          confirm: { type: 'text', label: 'Confirm' },
        }}
        schema={schema}
        buttonText="Save"
        callback={callback}
      />,
    );
    await userEvent.type(screen.getByLabelText('Code'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm'), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(callback).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Confirm'), '{Backspace}c');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callback).toHaveBeenCalledWith({ code: 'abc', confirm: 'abc' }));
  });

  it('returns dates as YYYY-MM-DD', async () => {
    const callback = vi.fn();
    render(
      <Form
        inputs={{ start: { type: 'date', label: 'Start', required: true } }}
        buttonText="Save"
        callback={callback}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '2026-03-14' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callback).toHaveBeenCalledWith({ start: '2026-03-14' }));
  });

  it('validates and sends a conditional field only once its condition holds', async () => {
    const callback = vi.fn();
    render(
      <Form
        buttonText="Invite"
        callback={callback}
        inputs={{
          advertiser: { type: 'switch', label: 'Advertiser' },
          advertiser_name: {
            type: 'text',
            label: 'Advertiser name',
            required: true,
            visible: (values) => values.advertiser === true,
          },
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(callback).toHaveBeenCalledWith({ advertiser: false }));
    await userEvent.click(screen.getByRole('switch', { name: 'Advertiser' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Advertiser name is required')).toBeInTheDocument();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs the payment steps: prepares the payload, then repeats the call when asked', async () => {
    const fetchMock = respondInOrder(
      { data: { requires_payment_action: true, client_secret: 'cs_1' } },
      { data: { plan: 'pro' }, message: 'Plan updated' },
    );
    const onSuccess = vi.fn();
    render(
      <Form
        inputs={{ plan: { type: 'text', label: 'Plan', defaultValue: 'pro' } }}
        request={(body) => api.post('/api/account/plan', body, { schema: PaymentAnswerSchema })}
        buttonText="Upgrade"
        onSuccess={onSuccess}
        payment={{
          preparePayload: async (values) => ({ ...values, token: 'tok_1' }),
          confirmPayment: async (data, payload) =>
            data.requires_payment_action ? { ...payload, stripe: data } : null,
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ plan: 'pro' }, 'Plan updated'));
    expect(sentBody(fetchMock, 0)).toEqual({ plan: 'pro', token: 'tok_1' });
    expect(sentBody(fetchMock, 1)).toEqual({
      plan: 'pro',
      token: 'tok_1',
      stripe: { requires_payment_action: true, client_secret: 'cs_1' },
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { api, type RequestBody } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { i18n } from '@/lib/i18n';
import { Form } from './form';
import type { FormInputs } from './form-definition';

/** A form's call as the features write theirs: a fetcher that knows its URL. */
const postTo = (url: string) => (body: RequestBody) => api.post(url, body);

vi.mock('@/lib/error-handler', () => ({ handleApiError: vi.fn() }));

const inputs: FormInputs = {
  first_name: {
    type: 'text',
    label: 'First name',
    required: true,
    errorMessage: 'Please enter your first name',
  },
  email: { type: 'email', label: 'Email', required: true },
  nickname: { type: 'text', label: 'Nickname', minLength: 3, maxLength: 10 },
  seats: { type: 'number', label: 'Seats', min: 1, max: 50 },
};

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(handleApiError).mockClear();
  await i18n.changeLanguage('en');
});

describe('Form engine', () => {
  it('validates on blur (not before), then on change, with the check/cross icon', async () => {
    render(<Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" />);
    const email = screen.getByLabelText(/^Email/);
    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByTestId('email-invalid-icon')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example.test');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('email-valid-icon')).toBeInTheDocument();
  });

  it('words length and range rules with label and bound, in English and Spanish', async () => {
    render(<Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" />);
    await userEvent.type(screen.getByLabelText('Nickname'), 'ab');
    await userEvent.type(screen.getByLabelText('Seats'), '99');
    await userEvent.tab();
    expect(
      await screen.findByText('Nickname must be a minimum of 3 characters'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a value between 1 and 50')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    await userEvent.type(screen.getByLabelText('Seats'), '9');
    expect(await screen.findByText('Introduce un valor entre 1 y 50')).toBeInTheDocument();
  });

  it('refuses to submit while invalid, showing the definition messages', async () => {
    const fetchMock = respond(200, { data: null });
    render(<Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    // An empty e-mail asks the way the name does: one form, one way of asking.
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('dims the form while submitting, then posts JSON of the values', async () => {
    let release: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve) => (release = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    render(
      <Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" onSuccess={onSuccess} />,
    );
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      first_name: 'Ada',
      email: 'ada@example.test',
      nickname: '',
      seats: '',
    });
    release(new Response(JSON.stringify({ data: { id: 1 } }), { status: 200 }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 1 }, undefined));
    expect(form).toHaveAttribute('data-status', 'submitted');
  });

  it("refuses an answer its request's schema cannot read, and stays ready to send again", async () => {
    respond(200, { data: { id: 'not-a-number' } });
    const onSuccess = vi.fn();
    const request = (body: RequestBody) =>
      api.post('/api/x', body, { schema: z.object({ id: z.number() }) });
    render(<Form inputs={inputs} request={request} buttonText="Save" onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(handleApiError).toHaveBeenCalledTimes(1));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' }).closest('form')).toHaveAttribute(
      'data-status',
      'idle',
    );
  });

  it('shows a server error under the field it names', async () => {
    respond(409, { message: 'This email is already registered', inputError: 'email' });
    render(<Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" />);
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(handleApiError).not.toHaveBeenCalled();
  });

  it('hands other failures to the central handler', async () => {
    respond(500, { message: 'Something went wrong' });
    render(<Form inputs={inputs} request={postTo('/api/x')} buttonText="Save" />);
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(handleApiError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 })),
    );
  });

  it('gives the values to the callback when there is no url', async () => {
    const callback = vi.fn();
    render(
      <Form
        inputs={{ message: { type: 'textarea', label: 'Message', required: true } }}
        buttonText="Send"
        callback={callback}
      />,
    );
    await userEvent.type(screen.getByLabelText(/^Message/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callback).toHaveBeenCalledWith({ message: 'Hello' }));
  });

  it('rejects files outside the MIME allow-list and sends multipart for allowed ones', async () => {
    const fetchMock = respond(200, { data: null });
    render(
      <Form
        inputs={{
          avatar: {
            type: 'file',
            label: 'Avatar',
            accept: 'image/png, image/jpeg',
            required: true,
          },
        }}
        request={postTo('/api/avatar')}
        buttonText="Upload"
      />,
    );
    const input = screen.getByLabelText(/^Avatar/);
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('application/pdf files are not accepted')).toBeInTheDocument();
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeInstanceOf(FormData);
  });

  it('shows conditional fields only while their condition holds', async () => {
    render(
      <Form
        buttonText="Invite"
        request={postTo('/api/invite')}
        inputs={{
          permission: {
            type: 'select',
            label: 'Permission',
            options: [
              { value: 'user', label: 'User' },
              { value: 'advertiser', label: 'Advertiser' },
            ],
            defaultValue: 'user',
          },
          advertiser_name: {
            type: 'text',
            label: 'Advertiser name',
            required: true,
            visible: (values) => values.permission === 'advertiser',
          },
        }}
      />,
    );
    expect(screen.queryByLabelText(/Advertiser name/)).not.toBeInTheDocument();
  });
});

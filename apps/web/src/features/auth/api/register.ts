import { useMutation } from '@tanstack/react-query';
import { register } from '@reelcraft/contract';
import { callApi } from '../../../lib/api-client';

export interface Registration {
  fullName: string;
  email: string;
  password: string;
}

/** Creates the account; the screen sends phone, company and role empty (spec 000 section 5). */
export function registerAccount({ fullName, email, password }: Registration) {
  return callApi(register, {
    body: {
      email: email.trim(),
      password,
      full_name: fullName.trim(),
      phone_number: '',
      company_name: '',
      role: '',
    },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}

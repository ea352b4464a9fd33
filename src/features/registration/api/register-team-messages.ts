// What a tournament card or page says instead of a registration form. Apart from register-team.ts so
// that those screens' first download does not bring that file's zod schema: the form that needs it is
// fetched when it opens.
export const ALREADY_REGISTERED_MESSAGE = 'You have already registered for this tournament.';
export const FULL_MESSAGE = 'The tournament is full';
export const SIGN_IN_MESSAGE = 'Please sign in to register.';

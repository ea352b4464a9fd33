// What a tournament card says instead of Register Now. Apart from register-team.ts so that the card
// (in /home's first download) does not bring that file's zod schema: the form that needs it is
// fetched when it opens.
export const ALREADY_REGISTERED_MESSAGE = 'You have already registered for this tournament.';
export const FULL_MESSAGE = 'The tournament is full';

// Every route of the app, in one place (spec section 2).
export const paths = {
  landing: '/',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgotpassword',
  resetPassword: '/reset-password',
  contact: '/contactus',
  profile: '/profile',
  home: '/home',
  adminDashboard: '/admindashboard',
  myTournaments: '/my-tournaments',
  tournament: (id: string) => `/tournaments/${id}`,
  leaderboard: '/leaderboard',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

// Every route of the app, in one place (spec section 2).
export const paths = {
  landing: '/',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgotpassword',
  resetPassword: '/reset-password',
  /** Where Auth sends a person back after Discord (sign-in, sign-up or linking), with `?next=`. */
  authCallback: '/login/callback',
  /** Choosing a username and player ID, for an account that has none yet (a Discord sign-up). */
  completeProfile: '/complete-profile',
  contact: '/contactus',
  profile: '/profile',
  home: '/home',
  /** The administrator's tournaments; below it, the create form and each tournament's screens. */
  adminDashboard: '/admindashboard',
  adminNewTournament: '/admindashboard/new',
  /** The contact form's messages, read and answered by the administrators. */
  adminMessages: '/admindashboard/messages',
  adminEditTournament: (id: string) => `/admindashboard/tournaments/${encodeURIComponent(id)}/edit`,
  adminEditTournamentRoute: '/admindashboard/tournaments/:id/edit',
  /** A tournament's roster: its teams, check-in by hand, removal, cancellation. */
  adminTeams: (id: string) => `/admindashboard/tournaments/${encodeURIComponent(id)}/teams`,
  adminTeamsRoute: '/admindashboard/tournaments/:id/teams',
  /** A tournament's bracket: start, reset, results and their history, round settings. */
  adminBracket: (id: string) => `/admindashboard/tournaments/${encodeURIComponent(id)}/bracket`,
  adminBracketRoute: '/admindashboard/tournaments/:id/bracket',
  /** A tournament's staff: co-organisers and moderators. */
  adminStaff: (id: string) => `/admindashboard/tournaments/${encodeURIComponent(id)}/staff`,
  adminStaffRoute: '/admindashboard/tournaments/:id/staff',
  myTournaments: '/my-tournaments',
  /** The public, shareable page of one tournament (the route is `tournamentRoute`). */
  tournament: (id: string) => `/tournaments/${encodeURIComponent(id)}`,
  tournamentRoute: '/tournaments/:id',
  /** A match's room: the teams, lobby, draft and result, live for players, staff and spectators. */
  match: (id: string) => `/matches/${encodeURIComponent(id)}`,
  matchRoute: '/matches/:id',
  /** The tournament's page with one match's dialog open (the bracket reads ?match=). */
  tournamentMatch: (id: string, matchId: string) =>
    `/tournaments/${encodeURIComponent(id)}?match=${encodeURIComponent(matchId)}`,
  notifications: '/notifications',
  leaderboard: '/leaderboard',
} as const;

export type AppPath = Extract<(typeof paths)[keyof typeof paths], string>;

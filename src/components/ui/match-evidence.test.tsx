// A match's evidence against the real local stack (Storage's evidence bucket and its policies): a
// captain attaches a screenshot and sees its thumbnail, the other captain sees it too, a player of
// neither team is refused by Storage with the app's words, and the administrator sees it.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { createTestUser, signInApp, signedInAdmin } from '@/testing/users';
import { matchAt, startedTournament } from '@/testing/brackets';
import { findStatus } from '@/testing/status';
import { EVIDENCE_MESSAGES } from '@/lib/errors';
import { MatchEvidence } from '@/components/ui/match-evidence';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(120).fill(7)]);

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]')!;
}

describe('MatchEvidence', { timeout: 90_000 }, () => {
  it('a captain attaches a screenshot; the other captain and the administrator see it; an outsider is refused', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 2);
    const matchId = await matchAt(tournament.id, { round: 1, position: 1 });
    const [alpha] = captains;

    await signInApp(alpha!);
    const first = renderWithProviders(<MatchEvidence matchId={matchId} canAttach />);
    expect(await screen.findByText('No screenshots attached.')).toBeInTheDocument();
    await first.user.upload(fileInput(), new File([PNG], 'game 1.png', { type: 'image/png' }));
    await findStatus(screen, 'Screenshot attached.');
    const thumbnail = await screen.findByRole('img', { name: 'Screenshot 1' });
    expect(thumbnail.getAttribute('src')).toMatch(new RegExp(`/storage/v1/object/sign/evidence/${matchId}/.+token=`));
    first.unmount();

    await signInApp(captains[1]!);
    const second = renderWithProviders(<MatchEvidence matchId={matchId} />);
    expect(await screen.findByRole('img', { name: 'Screenshot 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attach screenshot' })).not.toBeInTheDocument();
    second.unmount();

    const outsider = await createTestUser();
    await signInApp(outsider);
    const third = renderWithProviders(<MatchEvidence matchId={matchId} canAttach />);
    expect(await screen.findByText('No screenshots attached.')).toBeInTheDocument();
    await third.user.upload(fileInput(), new File([PNG], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVIDENCE_MESSAGES.denied);
    third.unmount();

    await signedInAdmin();
    renderWithProviders(<MatchEvidence matchId={matchId} />);
    expect(await screen.findByRole('img', { name: 'Screenshot 1' })).toBeInTheDocument();
  });
});

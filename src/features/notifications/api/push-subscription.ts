// Web push in this browser: the service worker (public/sw.js) shows the pushes; subscribing asks the
// browser's push service for an endpoint under the site's VAPID key and stores it with
// save_push_subscription (the database accepts browsers' push services only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';

/**
 * The public VAPID key browsers subscribe with: handed to the page by the server, or built in with
 * VITE_VAPID_PUBLIC_KEY (read here, not in config/env.ts, which every screen loads first).
 */
const vapidPublicKey = (): string | undefined =>
  (typeof window !== 'undefined' ? window.__BRAWLCUP_CONFIG__?.VAPID_PUBLIC_KEY : undefined) ||
  (import.meta.env.VITE_VAPID_PUBLIC_KEY as string | undefined) ||
  undefined;

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushStateKey = ['push-state'] as const;

function pushSupported(): boolean {
  return (
    !!vapidPublicKey() &&
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * What the page knows at once: everything but whether a browser that granted permission is
 * subscribed (no subscription outlives its permission), which only the service worker can say.
 */
function knownPushState(): PushState | undefined {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' ? undefined : 'off';
}

export async function getPushState(): Promise<PushState> {
  const known = knownPushState();
  if (known) return known;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey()!) }));
  const json = subscription.toJSON();
  unwrap(
    await supabase.rpc('save_push_subscription', {
      p_endpoint: subscription.endpoint,
      p_p256dh: json.keys?.p256dh ?? '',
      p_auth: json.keys?.auth ?? '',
    }),
  );
  return 'on';
}

export async function turnOffPush(): Promise<PushState> {
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  if (subscription) {
    unwrap(await supabase.from('push_subscriptions').delete().eq('endpoint', subscription.endpoint));
    await subscription.unsubscribe();
  }
  return 'off';
}

export function usePushState() {
  return useQuery({
    queryKey: pushStateKey,
    queryFn: getPushState,
    staleTime: Infinity,
    // The offer is in place from the first render, not a moment later above the page: appearing
    // late, it moved My Tournaments down under a player's tap on "Confirm result".
    initialData: knownPushState,
  });
}

export function useSetPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnOnPush() : turnOffPush()),
    onSuccess: (state) => queryClient.setQueryData(pushStateKey, state),
  });
}

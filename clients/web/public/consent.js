// Hosts a feed contacts, as the page shows them: in the prompt that asks before a feed from a
// link contacts hosts the user has not confirmed, and in the source form. The bridge lists them
// (`GET /api/hosts?<input>`) and remembers the confirmed ones (`POST /api/hosts`).

/** How a host's place reads (the bridge's `scope`); a host elsewhere has no label. */
const SCOPES = /** @type {Record<string, string>} */ ({
  loopback: 'this computer',
  private: 'local network',
  'link-local': 'local network',
});

/** @typedef {{host: string, scope: string | null}} Host */

/**
 * One list item per host: its name, and where it is when that is this computer or the network.
 * @param {Host[]} hosts
 */
export function hostItems(hosts) {
  return hosts.map(({ host, scope }) => {
    const item = document.createElement('li');
    const name = document.createElement('code');
    name.dataset.consentHost = '';
    name.textContent = host;
    item.append(name);
    if (scope && SCOPES[scope]) {
      const place = document.createElement('span');
      place.className = 'host-scope';
      place.dataset.scope = scope;
      place.textContent = SCOPES[scope];
      item.append(place);
    }
    return item;
  });
}

/**
 * Asks whether the feed may contact `hosts`; resolves true once the bridge has them confirmed,
 * false when the user declines (or closes the prompt).
 * @param {HTMLDialogElement} dialog
 * @param {Host[]} hosts
 * @returns {Promise<boolean>}
 */
export function askToConfirm(dialog, hosts) {
  /** @type {HTMLElement} */ (dialog.querySelector('[data-consent-hosts]')).replaceChildren(...hostItems(hosts));
  const error = /** @type {HTMLElement} */ (dialog.querySelector('[data-consent-error]'));
  const confirmButton = /** @type {HTMLButtonElement} */ (dialog.querySelector('[data-action="confirm-hosts"]'));
  const decline = /** @type {HTMLButtonElement} */ (dialog.querySelector('[data-action="decline-hosts"]'));
  error.hidden = true;
  dialog.showModal();
  decline.focus();
  return new Promise((resolve) => {
    const finish = (/** @type {boolean} */ confirmed) => {
      confirmButton.removeEventListener('click', onConfirm);
      decline.removeEventListener('click', onDecline);
      dialog.removeEventListener('cancel', onDecline);
      dialog.close();
      resolve(confirmed);
    };
    const onDecline = (/** @type {Event} */ event) => {
      event.preventDefault();
      finish(false);
    };
    const onConfirm = async () => {
      const failure = await confirmHosts(hosts);
      if (!failure) return finish(true);
      error.textContent = failure;
      error.hidden = false;
    };
    confirmButton.addEventListener('click', onConfirm);
    decline.addEventListener('click', onDecline);
    dialog.addEventListener('cancel', onDecline);
  });
}

/**
 * Tells the bridge the user confirmed `hosts`; resolves an error message, or '' on success.
 * @param {Host[]} hosts
 */
export async function confirmHosts(hosts) {
  if (hosts.length === 0) return '';
  try {
    const response = await fetch('/api/hosts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ hosts: hosts.map((entry) => entry.host) }),
    });
    return response.ok ? '' : (await response.text()).trim();
  } catch (error) {
    return String(error);
  }
}

/**
 * The hosts the feed of `query` contacts: `{hosts}`, or `{error}` naming what is wrong.
 * @param {URLSearchParams} query
 * @returns {Promise<{hosts?: Host[], error?: string}>}
 */
export async function hostsOf(query) {
  try {
    const response = await fetch(`/api/hosts?${query}`);
    return response.ok ? await response.json() : { error: (await response.text()).trim() };
  } catch (error) {
    return { error: String(error) };
  }
}

// A small typed event emitter, the same in Node and in browsers. A listener that throws does
// not stop the others nor the caller (the client's reader): its error is rethrown on a fresh
// task, where it surfaces as an uncaught exception like any other bug.

/** @template {object} Events */
export class Emitter {
  /** @type {Map<keyof Events, Set<(value: any) => void>>} */
  #listeners = new Map();

  /**
   * Calls `listener` for each `event`; returns a function that unsubscribes it.
   * @template {keyof Events} K
   * @param {K} event
   * @param {(value: Events[K]) => void} listener
   * @returns {() => void}
   */
  on(event, listener) {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => this.off(event, listener);
  }

  /**
   * Calls `listener` for the next `event` only; returns a function that unsubscribes it.
   * @template {keyof Events} K
   * @param {K} event
   * @param {(value: Events[K]) => void} listener
   * @returns {() => void}
   */
  once(event, listener) {
    /** @param {Events[K]} value */
    const wrapper = (value) => {
      this.off(event, wrapper);
      listener(value);
    };
    return this.on(event, wrapper);
  }

  /**
   * Removes `listener` from `event`.
   * @template {keyof Events} K
   * @param {K} event
   * @param {(value: Events[K]) => void} listener
   */
  off(event, listener) {
    this.#listeners.get(event)?.delete(listener);
  }

  /**
   * Delivers `value` to the listeners of `event`, in subscription order.
   * @template {keyof Events} K
   * @param {K} event
   * @param {Events[K]} value
   */
  emit(event, value) {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(value);
      } catch (error) {
        setTimeout(() => { throw error; }, 0);
      }
    }
  }
}

// The marketplace's own writes of its search into the URL, told apart from changes made elsewhere
// (the header's box, a link). The router commits a write some renders later — with 1,000 films,
// after keys typed since — so a URL change that is an old write of this screen must not put its
// text back into the box: it dropped the letters typed meanwhile ("Quokka" became "Quka", and the
// grid showed no film).
export class UrlWrites {
  private pending: string[] = []

  /** A search this screen is writing into the URL. */
  wrote(search: string): void {
    this.pending.push(search)
  }

  /**
   * Whether the URL's new search is one of this screen's writes arriving; it and the writes before
   * it are then done (the router commits them in order, and may skip the older ones).
   */
  arrived(search: string): boolean {
    const index = this.pending.indexOf(search)
    if (index < 0) return false
    this.pending.splice(0, index + 1)
    return true
  }
}

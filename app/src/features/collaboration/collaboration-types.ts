// Shapes of the collaboration API (docs/API.md "Collaboration"): a project's hub, its chat, updates
// and polls, persisted per project by the server.

export interface TeamMember {
  id: number
  name: string
  role: string
  avatarUrl: string | null
}

export interface TopInvestor {
  /** The investor's wallet (or its demo keypair's address when it has no registered wallet). */
  id: string
  name: string
  avatarUrl: string | null
  /** Fraction of the project's shares held. */
  stake: number
}

export interface HubSummary {
  projectId: number
  team: TeamMember[]
  topInvestors: TopInvestor[]
  counts: { teamMembers: number; investors: number; updates: number; polls: number; messages: number }
  /** Whether the asking wallet (`?wallet=`) is the film's studio: it manages the team, updates and polls. */
  viewerIsStudio: boolean
}

export interface LinkAttachment {
  type: 'link'
  url: string
  title: string
}

export interface ChatMessage {
  id: number
  projectId: number
  sender: string
  senderId: string
  text: string
  timestamp: string
  attachment: LinkAttachment | null
}

export interface ProjectUpdate {
  id: number
  title: string
  description: string
  date: string
  author: string
}

export interface PollOption {
  id: number
  text: string
  votes: number
}

export interface Poll {
  id: number
  question: string
  options: PollOption[]
  totalVotes: number
  status: 'active' | 'closed'
  endDate: string
  /** The option the asking wallet voted for, if any. */
  myVote: number | null
}

/** A hub listed on /collaboration without a project: a film the wallet invested in or lists. */
export interface HubListing {
  projectId: number
  title: string
  thumbnailUrl: string
  status: string
  relation: 'investor' | 'studio'
}

// The toast of something that went wrong: its title, what the user can do, in the destructive style.
export const failureToast = (title: string, description: string) => ({ title, description, variant: 'destructive' as const })

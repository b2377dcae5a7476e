//! One module per instruction: its accounts, the checks on each, then the effects.

pub mod accept_admin;
pub mod claim_license;
pub mod claim_publisher_revenue;
pub mod claim_revenue;
pub mod close_campaign;
pub mod create_campaign;
pub mod create_project;
pub mod distribute_revenue;
pub mod initialize_platform;
pub mod invest;
pub mod prelude;
pub mod refund;
pub mod register_embed;
pub mod register_studio;
pub mod set_campaign_paused;
pub mod settle_campaign;
pub mod top_up_campaign;
pub mod update_platform;
pub mod update_project_metadata;
pub mod verify_studio;

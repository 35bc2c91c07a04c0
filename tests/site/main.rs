//! Integration tests: the real router in-process and the real server over a socket. What the
//! edge does for any service it serves (HTTP/2 abuse, TLS, ACME, connection limits) is tested
//! with the edge, in crates/edge/tests/.

mod activation;
mod announcements;
mod builds;
mod caching;
mod claims;
mod claims_facts;
mod claims_particulars;
mod claims_register;
mod cli;
mod common;
mod contact;
mod contact_form;
mod contact_form_refusals;
mod contact_refusals;
mod contact_store;
mod content;
mod developers;
mod errors;
mod faq;
mod faults;
mod feeds;
mod head;
mod headers;
mod hostile;
mod how_custody_works;
mod load;
mod marketing;
mod negotiation;
mod nginx;
mod operations;
mod previous_builds;
mod queried;
mod redirects;
mod regulatory;
mod restart;
mod route_table;
mod routes;
mod scale_out;
mod search;
mod security_txt;
mod seo;
mod server;
mod share_cards;
mod shared_cache;
mod structured_data;
mod supported_asset_lists;
mod supported_assets;
mod tls;
mod traffic;
mod ui_types;
mod webhook;
mod webhook_binary;

// The test CA and the HTTPS clients that trust it, shared with the edge's tests
// (crates/edge/test-support/).
use custody_edge_test_support::test_ca;
